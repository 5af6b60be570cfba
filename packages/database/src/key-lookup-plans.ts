/**
 * The SET clauses of a PL/pgSQL function whose statements find rows by key, so that each of its
 * statements is planned once per connection and the plan kept. Asked as plain statements, or in
 * a function without these, statements with an array parameter or a LIMIT were planned again at
 * every call: the planner expects a plan made for the values at hand to be cheaper, and planning
 * then cost more than running (the database's CPU for a group of 8 appends was 4.8 ms, 1.0 with
 * the plans kept). Sequential scans are ruled out so that a plan made while a table is still small
 * does not go on scanning the table once it has grown. Released migrations use it: other settings
 * come with a migration of their own, never by changing this.
 */
export const keyLookupPlans = 'SET plan_cache_mode = force_generic_plan SET enable_seqscan = off';
