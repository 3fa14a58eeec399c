import { options } from 'preact';

/**
 * The app runs on preact/compat (vite.config.ts). Preact runs effects after the next frame, where
 * React runs them right after the commit and always before the next input event. Code written for
 * React relies on that: TanStack Query's useMutation subscribes in an effect and drops a `mutate`
 * call's onSuccess/onError when nobody is subscribed yet, so a tap in the first frame after a form
 * appeared lost its error message. Effects run on the next task here, as close to React as Preact
 * allows. Imported first by main.tsx and the web tests' setup (the server renderer runs no effects).
 */
options.requestAnimationFrame = (flush) => {
  setTimeout(flush, 0);
};
