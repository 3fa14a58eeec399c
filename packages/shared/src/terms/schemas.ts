import { zText } from '../text/safe-text';

// Apart from constants.ts: the footer reads the constants on every page, and zod stays out of that chunk.
/** What an order sends as its acceptance: the version of the terms shown (the server wants the current one). */
export const zTermsVersion = () => zText({ error: 'validation.termsRequired' }).max(40, 'validation.tooLong');
