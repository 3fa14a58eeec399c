/** The KYC feature's query keys: the user's own status (`['kyc', …]`) and the admin review (`['admin', 'kyc', …]`). */
export const kycKeys = {
  all: ['kyc'] as const,
  status: () => [...kycKeys.all, 'status'] as const,
  review: ['admin', 'kyc'] as const,
  overview: () => [...kycKeys.review, 'overview'] as const,
  users: () => [...kycKeys.review, 'users'] as const,
};
