/**
 * A model id for display. Local servers such as llama.cpp name a model by its file path; the
 * file name is what people recognise. Ids like `openai/gpt-4o` are kept whole.
 */
export function modelName(id: string): string {
  return id.startsWith('/') || /^[A-Za-z]:\\/.test(id) ? (id.split(/[\\/]/).pop() ?? id) : id;
}
