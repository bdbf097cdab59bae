import { useActionData } from 'react-router';
import { AvailabilityPage } from '../features/availability/availability-page-view.tsx';
import {
  type AvailabilityPageView,
  availabilityPageAction,
  loadAvailabilityPage,
} from '../features/availability/load-availability-page.server.ts';
import { tokenPageHeaders, tokenPageMeta } from '../routing/token-page.ts';
import type { Route } from './+types/availability-link.ts';

// `/{locale}/availability/{token}` (issue 43 point 5, decision 065): the "still available?"
// e-mail's links. The token is the only key: never indexed, no referrer, never cached.

export const headers: Route.HeadersFunction = () => tokenPageHeaders();

export const loader = (args: Route.LoaderArgs) => loadAvailabilityPage(args);

export const action = (args: Route.ActionArgs) => availabilityPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) => tokenPageMeta(loaderData);

export default function AvailabilityLinkRoute({ loaderData }: Route.ComponentProps) {
  const answered = useActionData<AvailabilityPageView>();
  return <AvailabilityPage page={answered ?? loaderData} />;
}
