/** Says an order's transition to screen readers, politely, without moving focus (useOrderUpdates writes it). */
export function LiveAnnouncement({ text }: { text: string }) {
  return (
    <p className="sr-only" aria-live="polite" data-testid="live-announcement">
      {text}
    </p>
  );
}
