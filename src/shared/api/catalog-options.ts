/** The search options the browse page offers and GET /api/services accepts (no zod: the client's first chunk reads them). */
export const SORT_OPTIONS = ['recommended', 'price-low', 'price-high', 'rating'] as const;
export const RATING_OPTIONS = [0, 3, 4, 4.5] as const;
export const PRICE_FILTER_MAX = 500;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 60;
export const SEARCH_TEXT_MAX = 100;
