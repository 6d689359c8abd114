/** A message about the page's last request (a refusal, a failed step), announced when it appears. */
export function Alert({ message, testId }: { message?: string | null; testId: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid={testId}>
      {message}
    </p>
  );
}
