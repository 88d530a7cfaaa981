import type { ReactNode } from 'react'
import PageShell from '../page-shell'
import LoginGate from '../auth/login-gate'
import StatePanel, { LoadingPanel, type StatePanelProps } from '../state-panel'

/**
 * A page of the signed-in user (an order, a quote, an enquiry, their lists): the header with the
 * page's title, then the sign-in gate (a visitor is asked to log in) around the page's body.
 */
export default function DetailPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageShell header={{ title }}>
      <LoginGate>{children}</LoginGate>
    </PageShell>
  )
}

/** where a detail page's thing is: on its way, not there, failed to load, or shown */
export type DetailView = 'loading' | 'notFound' | 'failed' | 'ready'

/**
 * The view of a detail page whose store keeps one detail with its id (a quote, an enquiry): not
 * found without an id or when the server said so; failed; loading until the store holds this id's data.
 */
export function detailViewOf(
  id: string,
  detail: { status: string; id: string | null | undefined; data: unknown },
): DetailView {
  if (!id || detail.status === 'notFound') return 'notFound'
  if (detail.status === 'failed') return 'failed'
  return detail.id !== id || !detail.data ? 'loading' : 'ready'
}

/** a state panel of the detail page (its block is the page's) */
type PanelProps = Omit<StatePanelProps, 'block'>

/**
 * The start every detail body has: the spinner while the thing loads, "not found" with its way back,
 * what failed with a Retry; once it is there, the thing (`children`, called only then).
 */
export function DetailStates({
  block,
  view,
  loading,
  notFound,
  failed,
  children,
}: {
  /** the state box's class (e.g. 'od-state'): the block of the three panels */
  block: string
  view: DetailView
  /** the spinner's message */
  loading: string
  notFound: PanelProps
  failed: PanelProps
  children: () => ReactNode
}) {
  if (view === 'notFound') return <StatePanel block={block} {...notFound} />
  if (view === 'failed') return <StatePanel block={block} {...failed} />
  if (view === 'loading') return <LoadingPanel className={block} message={loading} />
  return <>{children()}</>
}
