export { reviewRoutes, REVIEW_MAX } from './routes.js';
export { reviewSummary, listReviews, type PublicReview, type ReviewSummary } from './store.js';
