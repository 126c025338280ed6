import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/** A submit button that shows it is working while its own form is on its way (JavaScript on). */
export function BusyButton({ children, name, value, className = "btn-primary w-full", testId }: { children: ReactNode; name?: string; value?: string; className?: string; testId?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && (!name || navigation.formData?.get(name) === value);
  return (
    <button type="submit" name={name} value={value} className={className} disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent" /> : null}
      {children}
    </button>
  );
}
