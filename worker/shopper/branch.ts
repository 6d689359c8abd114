/** The spec's default branch when the shopper has chosen none (section 9). */
export const DEFAULT_BRANCH_ID = 1;
