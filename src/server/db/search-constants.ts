/**
 * The longest start of a word that PostgreSQL's search index holds as an entry of its own
 * (migration 0010): a search's word up to this length is looked up as it is. Changing it takes a
 * migration that makes tasks.search_vector again.
 */
export const SEARCH_PREFIX_MAX = 8;

/**
 * PostgreSQL numbers tasks as they are posted (tasks.search_seq), and holds every entry of a task's
 * search_vector again in search_blocks with the task's block of this many tasks: `logo#97` for
 * "logo" in a task numbered 99,328 to 100,351 (migration 0011), so that a search reads only the
 * newest blocks' lists (decision 018). Changing it takes a migration that makes search_blocks again.
 */
export const SEARCH_BLOCK = 1024;
