/**
 * The time between two updates of a streaming answer, at least: at most 15 a second, each one
 * stored write, one render and one message, however often the provider sends. Each update is a
 * frame in the panel, and a frame has a cost of its own whatever changed (`npm run bench:panel`
 * prints that floor), so this rate, more than anything in an update, sets what streaming costs.
 * A module of its own so that the benchmark can read it without loading the worker.
 */
export const UPDATE_MS = 66;
