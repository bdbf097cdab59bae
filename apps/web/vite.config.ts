import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The React Router plugin compiles JSX and provides HMR; no separate React plugin is needed.
// A build is always the production bundle, whatever NODE_ENV its caller has: a test run that
// builds (NODE_ENV=test) would otherwise ship React's development build, twice the size and slow.
export default defineConfig(({ command }) => ({
  ...(command === 'build' ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  plugins: [reactRouter()],
}));
