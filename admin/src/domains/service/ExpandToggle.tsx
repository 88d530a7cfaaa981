/** for membership's queues, until they import components/DetailToggle (`<DetailToggle source=… />`) */
export { DetailToggle as ExpandToggle } from '../../components/DetailToggle'
