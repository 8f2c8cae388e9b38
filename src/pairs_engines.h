/* pairs_engines.h - the all-pairs engine (pairs_tmpl.h) once per query and element shape that the registry's PAIRS rows use: circles and integer circles against each element shape, overlap and contacts; sweeps' first hits against boxes and circles. */
/* Part of kernel_template.h, which includes it after the query files (the
 * engine runs their bodies); not a header of its own. */


#define PQ OVERLAP
#define PONE CIRCLE
#define PMANY BOX
#include "pairs_tmpl.h"
#define PQ OVERLAP
#define PONE CIRCLE
#define PMANY CIRCLE
#include "pairs_tmpl.h"
#define PQ OVERLAP
#define PONE CIRCLE
#define PMANY OBOX
#include "pairs_tmpl.h"
#define PQ CONTACTS
#define PONE CIRCLE
#define PMANY BOX
#include "pairs_tmpl.h"
#define PQ CONTACTS
#define PONE CIRCLE
#define PMANY CIRCLE
#include "pairs_tmpl.h"
#define PQ CONTACTS
#define PONE CIRCLE
#define PMANY OBOX
#include "pairs_tmpl.h"
#define PQ OVERLAP
#define PONE ICIRCLE
#define PMANY IBOX
#include "pairs_tmpl.h"
#define PQ OVERLAP
#define PONE ICIRCLE
#define PMANY ICIRCLE
#include "pairs_tmpl.h"
#define PQ CONTACTS
#define PONE ICIRCLE
#define PMANY IBOX
#include "pairs_tmpl.h"
#define PQ CONTACTS
#define PONE ICIRCLE
#define PMANY ICIRCLE
#include "pairs_tmpl.h"
#define PQ SWEEP
#define PONE SWEEP
#define PMANY BOX
#include "pairs_tmpl.h"
#define PQ SWEEP
#define PONE SWEEP
#define PMANY CIRCLE
#include "pairs_tmpl.h"

