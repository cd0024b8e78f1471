#include "CThreadSlot.h"

_Thread_local void *photofeed_subnode_collector = 0;
