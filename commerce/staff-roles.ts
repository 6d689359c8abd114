/**
 * A staff member's role at the desk (decision 083): an owner may do everything the desk offers; an orders clerk may move
 * orders along and read today's numbers, and nothing else.
 */
export const STAFF_ROLES = ["owner", "orders"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
