export { AsyncAccordion, type AsyncAccordionItem } from './AsyncAccordion';
export { CancelDialog, type CancelDialogProps, type CancelDialogTexts } from './CancelDialog';
export { AsyncModal } from './AsyncModal';
export { AsyncPopover } from './AsyncPopover';
export { AsyncTabs, type AsyncTab } from './AsyncTabs';
export { InfiniteScroll, INFINITE_SCROLL_MARGIN_PX } from './InfiniteScroll';
export { ModalForm } from './ModalForm';
export { AFTER_FETCH_EVENT, useAsyncContent, type AfterFetchDetail, type ContentLoader } from './useAsyncContent';
