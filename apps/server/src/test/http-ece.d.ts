/** http_ece 1.2.1 ships no types: the part the push tests use (RFC 8188 aes128gcm decryption). */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export type EceParams = {
    version: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    privateKey?: ECDH;
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    salt?: string | Buffer;
    rs?: number;
  };
  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
  const ece: { decrypt: typeof decrypt; encrypt: typeof encrypt };
  export default ece;
}
