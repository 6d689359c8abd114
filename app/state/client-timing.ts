/**
 * The client's connectivity and persistence timings, from the spec, in one place.
 * Section 7: "A connectivity check ... every 5000 ms (timeout 5000 ms)"; section 9: "Connectivity probe 5000 ms",
 * "State restore time-out 5000 ms".
 */
export const CONNECTIVITY_PROBE_INTERVAL_MS = 5000;
export const CONNECTIVITY_PROBE_TIMEOUT_MS = 5000;
export const STATE_RESTORE_TIMEOUT_MS = 5000;

/** Not the spec's: persisted state is written at most this often, so a burst of changes is one write. */
export const STATE_WRITE_THROTTLE_MS = 500;
