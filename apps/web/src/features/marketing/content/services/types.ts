import type { LucideIcon } from 'lucide-react';

/** A card of a service page: an icon, a title, a short text and optional bullet points. */
export type ServiceCard = { icon: LucideIcon; title: string; text: string; items?: readonly string[] };

/** A numbered step of a process (spec 3 §3: number, title, description). */
export type ServiceStep = { number: number; title: string; description: string };

/** A key figure: the value as displayed (already typeset) and what it measures. */
export type ServiceFigure = { value: string; label: string };

/** A question and its answer, shown as a plain definition list. */
export type ServiceQuestion = { question: string; answer: string };
