import { useEffect, useState, type ReactNode } from "react";

/**
 * The outcome of a host's action. Without JavaScript it is a notice at the top of the page; with
 * JavaScript it also floats as a toast at the bottom of the screen for a few seconds, where a
 * thumb on a phone is. Both are one `role="status"` element, so a screen reader hears it once.
 */
export function ResultNotice({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState(false);
  useEffect(() => {
    setToast(true);
    const timer = window.setTimeout(() => setToast(false), 5000);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div
      role="status"
      data-testid="result-notice"
      data-toast={toast ? "true" : "false"}
      className={
        toast
          ? "fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-2xl bg-stone-900 px-4 py-3 text-sm font-medium text-white shadow-lg"
          : "rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
      }
    >
      {children}
    </div>
  );
}
