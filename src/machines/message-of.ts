/** What a failed actor said, for the view to show: an Error's message, anything else as text. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
