import { useEffect, useState, type ReactNode } from 'react';
import { Tab, Tabs } from 'react-bootstrap';
import { AsyncContentView } from './AsyncContentView';
import { useAsyncContent, type AfterFetchHandler, type ContentLoader } from './useAsyncContent';

export interface AsyncTab<T = any> {
  eventKey: string;
  title: ReactNode;
  load: ContentLoader<T>;
  render: (data: T) => ReactNode;
  /** keep the loaded content while the tab is hidden; otherwise it is dropped and loads again */
  keepContents?: boolean;
}

function AsyncTabPane<T>({ tab, active, onAfterFetch }: { tab: AsyncTab<T>; active: boolean; onAfterFetch?: AfterFetchHandler }) {
  const { content, reset, target } = useAsyncContent(active, tab.load, onAfterFetch);
  useEffect(() => {
    if (!active && !tab.keepContents) reset();
  }, [active, tab.keepContents, reset]);
  return (
    <div ref={(el) => void (target.current = el)} data-keep-contents={tab.keepContents ? 'true' : undefined}>
      <AsyncContentView content={content}>{tab.render}</AsyncContentView>
    </div>
  );
}

/** tabs whose content loads when first shown, emptied on hide unless keepContents */
export function AsyncTabs({
  id,
  tabs,
  defaultActiveKey,
  onAfterFetch,
}: {
  id: string;
  tabs: AsyncTab[];
  defaultActiveKey?: string;
  onAfterFetch?: AfterFetchHandler;
}) {
  const [active, setActive] = useState(defaultActiveKey ?? tabs[0]?.eventKey);
  return (
    <Tabs id={id} activeKey={active} onSelect={(k) => k && setActive(k)} className="mb-3">
      {tabs.map((tab) => (
        <Tab key={tab.eventKey} eventKey={tab.eventKey} title={tab.title}>
          <AsyncTabPane tab={tab} active={active === tab.eventKey} onAfterFetch={onAfterFetch} />
        </Tab>
      ))}
    </Tabs>
  );
}
