/**
 * The history entry of the photo viewer (gallery-viewer.tsx). Opening the viewer pushes one, so a
 * phone's Back closes the viewer instead of leaving the page. A browser keeps that entry ahead once
 * the viewer has closed (nothing can remove a forward entry); the gallery, which stays on the page,
 * sends a Forward into it straight back (gallery.tsx), so Forward has no effect there, and a new
 * opening replaces it rather than adding another.
 */

/** History state marking the entry the viewer pushed. */
export const VIEWER_MARK = "konokGalleryViewer";

/** Whether the current history entry is the viewer's. */
export const onViewerEntry = () => Boolean((window.history.state as Record<string, unknown> | null)?.[VIEWER_MARK]);
