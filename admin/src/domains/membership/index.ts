import CardGiftcardIcon from '@mui/icons-material/CardGiftcard'
import CasinoIcon from '@mui/icons-material/Casino'
import FeedbackIcon from '@mui/icons-material/Feedback'
import LocalShippingIcon from '@mui/icons-material/LocalShipping'
import StarsIcon from '@mui/icons-material/Stars'
import type { ResourceDef } from '../../resource'
import type { Messages } from '../../i18n/messages'
import { RedemptionQueue } from './redemptions/RedemptionQueue'
import { FeedbackQueue } from './feedback/FeedbackQueue'
import { GiftCreate, GiftEdit, GiftList } from './gifts/Gifts'
import { DrawCreate, DrawEdit, DrawList } from './draws/Draws'
import { PointsAdjust } from './points/PointsAdjust'
import { membershipMessages } from './messages'

/**
 * The membership domain's screens in the console (issue 25): the gift and prize shipments and the redemption
 * feedback (queues), gifts and draws (marketing), the points adjustment (accounts).
 */
export const resources: ResourceDef[] = [
  {
    name: 'redemptions',
    section: 'queues',
    permission: 'redemption.ship',
    api: { list: 'membershipRedemptions', id: 'number', maxPageSize: 100 },
    icon: LocalShippingIcon,
    list: RedemptionQueue,
  },
  {
    name: 'redemption-feedback',
    section: 'queues',
    permission: 'redemption.ship',
    api: { list: 'membershipFeedback', maxPageSize: 100 },
    icon: FeedbackIcon,
    list: FeedbackQueue,
  },
  {
    name: 'gifts',
    section: 'marketing',
    permission: 'gift.manage',
    api: { list: 'membershipGifts', create: 'membershipCreateGift', update: 'membershipChangeGift', maxPageSize: 100 },
    icon: CardGiftcardIcon,
    list: GiftList,
    create: GiftCreate,
    edit: GiftEdit,
  },
  {
    name: 'draws',
    section: 'marketing',
    permission: 'draw.manage',
    api: { list: 'membershipDraws', create: 'membershipCreateDraw', update: 'membershipChangeDraw', maxPageSize: 100 },
    icon: CasinoIcon,
    list: DrawList,
    create: DrawCreate,
    edit: DrawEdit,
  },
  {
    // a form, not a list: the resource's page is the adjustment form
    name: 'points',
    section: 'accounts',
    permission: 'points.adjust',
    api: {},
    icon: StarsIcon,
    list: PointsAdjust,
  },
]

export const messages: Messages = membershipMessages
