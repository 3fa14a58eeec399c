/**
 * hydrateRoot's onRecoverableError: when the page the server sent is not the page the browser
 * draws (a hydration mismatch), React redraws it and calls this. It logs an error, which the
 * end-to-end suite fails any test on (e2e/support/test.ts): a mismatch shows up while coding.
 */
export function reportRecoverableError(error: unknown, errorInfo: { componentStack?: string }): void {
  console.error(
    '[hydration] React recovered from an error while taking the page over:',
    error,
    errorInfo.componentStack ?? '',
  );
}
