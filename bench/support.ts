/**
 * What every bench's entry point shares: it runs `main`; a failure is printed and exits with 1, so that
 * bench/run-all.ts and CI see it.
 */
export function runBench(main: () => Promise<void>): void {
  main().catch((e) => {
    console.error(e)
    process.exit(1)
  })
}
