/**
 * The app's one form stack is react-hook-form + zod. The resolver package is installed in the web
 * workspace only, so code outside web/ (plugins) takes it from here rather than resolving it itself.
 */
export { zodResolver } from '@hookform/resolvers/zod';
