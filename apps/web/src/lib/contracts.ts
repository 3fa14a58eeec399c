/**
 * The web's one door to the shared zod contracts that API answers are checked
 * against. The API client imports this module dynamically, which keeps zod out
 * of the landing page's initial bundle: it arrives while the first request is
 * in flight. (Zod runs without eval, see zod-setup.ts.)
 */
export {
  ZAdminOperationsListResponse,
  ZApiError,
  ZBlogListResponse,
  ZBlogPost,
  ZCatalogueResponse,
  ZContactMessagesResponse,
  ZContactResponse,
  ZFeaturedOperation,
  ZKycOverviewResponse,
  ZKycReviewUsersResponse,
  ZKycStatusResponse,
  ZListOperationsResponse,
  ZOkResponse,
  ZOutboxResponse,
  ZOperationDetail,
  ZOperationControlResponse,
  ZOperationReviewResponse,
  ZPlatformStats,
  ZSessionResponse,
  ZUploadDocumentResponse,
  ZWatchResponse,
} from '@tradeops/shared';
