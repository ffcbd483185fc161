import { NetworkList } from './network-list.js'

export default function NetworksView() {
  return <NetworkList />
}
