/**
 * What to tell the user about a caught value: `catch` and promise rejections hand over
 * `unknown`, which is an `Error` almost always but may be anything a library throws.
 */

/** The message of `error` if it is an `Error`, else the value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
