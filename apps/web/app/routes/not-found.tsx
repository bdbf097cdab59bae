import { data } from 'react-router';

// An unknown page gives the 404 error page (spec 2): the root error boundary renders it.
export function loader(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return null;
}
