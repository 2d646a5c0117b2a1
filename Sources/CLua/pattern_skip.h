#ifndef CLUA_PATTERN_SKIP_H
#define CLUA_PATTERN_SKIP_H
/* Included by pattern.h: work of the matcher that must fail at once, recognised so that it can
 * be skipped with the steps it would charge. gsub skips subject positions where the pattern's
 * leading class cannot match; a repetition skips tries of the rest of the pattern where the
 * rest's leading class cannot match. clua_set_stepwise_patterns turns it all off, and
 * PatternSkipTests checks that both ways give the same results and charge the same steps. */

/* Charges `count` steps, one at a time as clua_pm_match would. */
static inline void clua_pm_steps(clua_matcher *m, int count) {
    while (count-- > 0) clua_pm_step(m);
}

/* The end of the single-character class that every match of pattern p must start with, or
 * NULL: p begins with a well-formed class ("x", ".", "%x", "[set]") that is not one of the items
 * the matcher reads before classes ("(", ")", a final "$", "%b", "%f", "%1") and that is followed
 * by neither '*', '?' nor '-'. At a subject position where that class does not match,
 * clua_pm_match returns NULL after exactly one step. */
static inline const unsigned char *clua_pm_leading_class(const unsigned char *p, const unsigned char *pat_end) {
    if (p >= pat_end || *p == '(' || *p == ')' || (*p == '$' && p + 1 == pat_end)) return NULL;
    const unsigned char *ep;
    if (*p == '%') {
        if (p + 1 >= pat_end || p[1] == 'b' || p[1] == 'f' || isdigit(p[1])) return NULL;
        ep = p + 2;
    } else if (*p == '[') { /* as clua_pm_class_end, without raising for a missing ']' */
        ep = p + 1;
        if (ep < pat_end && *ep == '^') ep++;
        do {
            if (ep >= pat_end) return NULL;
            if (*ep++ == '%' && ep < pat_end) ep++;
        } while (ep >= pat_end || *ep != ']');
        ep++;
    } else {
        ep = p + 1;
    }
    if (ep < pat_end && (*ep == '*' || *ep == '?' || *ep == '-')) return NULL;
    return ep;
}

/* The rest of a pattern, read for a repetition that tries it at many positions: when `lead_end`
 * is set, the rest is `steps - 1` capture closings and then the class from `lead` to `lead_end`
 * (clua_pm_leading_class), and where that class does not match the subject, clua_pm_match on
 * the rest returns NULL after `steps` steps, changing nothing. */
typedef struct clua_pm_quick {
    const unsigned char *lead, *lead_end;
    int steps;
} clua_pm_quick;

/* Reads the rest of the pattern at p for the matcher's state now, which every try of the rest
 * finds again (a failed clua_pm_match undoes its captures and depth). No `lead_end` unless each
 * closing finds an unfinished capture and the recursion limit is far enough: clua_pm_match
 * would raise otherwise. */
static inline clua_pm_quick clua_pm_quick_at(clua_matcher *m, const unsigned char *p) {
    clua_pm_quick quick = {p, NULL, 1};
    if (!m->skip) return quick;
    while (quick.lead < m->pat_end && *quick.lead == ')') {
        quick.lead++;
        quick.steps++;
    }
    int unfinished = 0;
    for (int i = 0; i < m->level; i++) unfinished += m->capture[i].len == CLUA_CAP_UNFINISHED;
    if (unfinished < quick.steps - 1 || m->depth < quick.steps) return quick;
    quick.lead_end = clua_pm_leading_class(quick.lead, m->pat_end);
    return quick;
}

/* Whether clua_pm_match(m, s, rest) must fail at once (see clua_pm_quick). */
static inline int clua_pm_fails_at(clua_matcher *m, const clua_pm_quick *rest, const unsigned char *s) {
    return rest->lead_end && !clua_pm_single(m, s, rest->lead, rest->lead_end);
}

#endif
