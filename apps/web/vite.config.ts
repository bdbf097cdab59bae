import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The React Router plugin compiles JSX and provides HMR; no separate React plugin is needed.
export default defineConfig({
  plugins: [reactRouter()],
});
