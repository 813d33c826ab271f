import type { ChildProcess } from 'node:child_process';
export const LLAMA_VERSION: string;
export const MODEL_WHEEL: string;
export const CACHE: string;
export function ensureServer(): string;
export function ensureModel(): string;
export function startServer(
  port: number,
  options?: { quiet?: boolean },
): Promise<{ url: string; server: ChildProcess }>;
