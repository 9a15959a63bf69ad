import { useDispatch, useSelector, useStore } from 'react-redux';
// only the store's types come from the shell: the hooks are plumbing every feature may use
import type { AppDispatch, AppStore, RootState } from '../app/store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
