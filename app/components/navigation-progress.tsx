import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/**
 * A thin bar at the top while a navigation takes longer than a blink, so someone on a slow
 * connection knows their tap was heard. Fast navigations never show it.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <div
      role="progressbar"
      aria-hidden={!visible}
      aria-label="Loading"
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden transition-opacity ${visible ? "opacity-100" : "opacity-0"}`}
    >
      <div className="animate-progress h-full w-2/5 rounded-full bg-brand-500" />
    </div>
  );
}
