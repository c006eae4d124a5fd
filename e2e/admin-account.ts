/** The admin account the e2e server is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin-e2e@erepare.example', password: 'Admin-e2e-2026!' };
