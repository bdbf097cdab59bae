import { canTransition, PROPERTY_STATES, type PropertyState } from '@estately/domain';

// The state changes my offers offers for a property: the lifecycle table of the API
// (PROPERTY_TRANSITIONS, with sold only for sale and rented only for rent offers), each with
// the words for the move from where the property is now. Browser-safe, pure.

export interface StateAction {
  to: PropertyState;
  /** Message key of the button. */
  label: string;
}

const ORDER: readonly PropertyState[] = ['active', 'paused', 'reserved', 'sold', 'rented', 'archived'];

function labelOf(from: PropertyState, to: PropertyState): string {
  switch (to) {
    case 'active':
      return from === 'paused' ? 'action.resume' : 'action.publish';
    case 'paused':
      return from === 'archived' ? 'my_offers.reopen' : 'action.pause';
    case 'reserved':
      return 'my_offers.mark_reserved';
    case 'sold':
      return 'action.mark_sold';
    case 'rented':
      return 'action.mark_rented';
    case 'archived':
      return 'action.archive';
    default:
      return 'action.save';
  }
}

export function stateActions(state: PropertyState, offerType: string): StateAction[] {
  return ORDER.filter((to) => canTransition(state, to, offerType)).map((to) => ({
    to,
    label: labelOf(state, to),
  }));
}

export function isPropertyState(value: string): value is PropertyState {
  return (PROPERTY_STATES as readonly string[]).includes(value);
}
