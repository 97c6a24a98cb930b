/** The Orders screen's list (docs/requirements.md §4, "Orders list"): the pages loaded so far, read by the screen and its loader. */
import { atom } from 'jotai';
import { EMPTY_ORDER_LIST, type OrderListState } from './orders-rules';

export const orderListAtom = atom<OrderListState>(EMPTY_ORDER_LIST);
