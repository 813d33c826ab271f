export function extensionIdForPath(path: string): string;
export function pinToolbarButton(profileDir: string, id: string): void;
