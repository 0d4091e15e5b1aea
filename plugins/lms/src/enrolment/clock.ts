/** The enrolment code's clock. Tests move it (drip release, expiry) instead of faking Date globally. */
export const clock = {
  now: (): Date => new Date(),
};
