/** The results list worker: answers list requests off the main thread (src/domain/results/listWork.ts). */
import { answerListRequest, type ListRequest } from '../../domain/results/listWork.ts';

self.addEventListener('message', (event: MessageEvent<ListRequest>) => {
  self.postMessage(answerListRequest(event.data));
});
