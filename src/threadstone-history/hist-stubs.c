#include <config.h>
#include "hist.h"
int hist_trend(const struct hist_opts *o) { (void)o; return 1; }
