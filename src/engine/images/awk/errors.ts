/** How an awk run stops early: `exit` with a status, or an error in the awk's own words. */
export class AwkExit {
  constructor(readonly status: number) {}
}

/**
 * An error that ends the run. `runtime`: mawk frames it as `run time error: …` with FILENAME,
 * FNR and NR on a second line, BusyBox as `cmd. line:1: …`; `plain`: printed after `awk: `
 * alone (a file that cannot be opened), with its own status.
 */
export class AwkFatal extends Error {
  constructor(
    readonly mawk: string,
    readonly busybox: string = mawk,
    readonly plain?: { status: number },
  ) {
    super(mawk);
  }
}
