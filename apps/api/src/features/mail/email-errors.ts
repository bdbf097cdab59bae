/**
 * An e-mail that can never be sent as queued: a malformed payload, a link that is not an
 * absolute web address, a recipient the mail server refuses for good. `permanent` tells the job
 * worker not to retry it (features/jobs/job-registry.ts).
 */
export class PermanentEmailError extends Error {
  readonly permanent = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentEmailError';
  }
}
