/**
 * The refusal of a list's budget range whose minimum is above its maximum, in the API and on Browse
 * Tasks: a module of its own, so that the pages which share the contract's words do not carry it.
 */
export const BUDGET_RANGE_REFUSAL = "Minimum budget must not be more than the maximum budget";
