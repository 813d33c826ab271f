/**
 * For checks that failed rarely and could not be made to fail on purpose: the failure's message
 * also says what was on screen and in the browser then, so the next one says why.
 */

/** Awaits `check`; if it fails, rethrows with what each of `describers` finds at that moment. */
export async function explained(check: Promise<unknown>, ...describers: (() => Promise<string>)[]): Promise<void> {
  try {
    await check;
  } catch (e) {
    const said = await Promise.all(describers.map((d) => d().catch((why: unknown) => `(unreadable: ${String(why)})`)));
    throw new Error([e instanceof Error ? e.message : String(e), ...said].join('\n'), { cause: e });
  }
}
