import NotBuilt from '../../../components/not-built'

/** Route registered (spec section 2); the screen arrives with its feature issue. */
export default function Page() {
  return <NotBuilt route='quickOrder' />
}
