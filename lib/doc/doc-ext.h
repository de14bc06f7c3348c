/* SPDX-License-Identifier: MIT */
/*
 * The keys under a result document's "extensions": the descriptor of a
 * key we know (struct ts_ext_key: its name and how its typed record is
 * read, written and freed), the container that holds a document's keys
 * (struct ts_extensions), and the member helpers the descriptors share.
 * The table of the keys we know is lib/doc/doc-ext-keys.c.
 *
 * ThreadStone 2.0.0 ignores "extensions": they are outside the canonical
 * bytes and the signature.  A document read from a file may carry keys we
 * do not know (from the original's later versions or other tools), or
 * one of ours whose value is not exactly what we would write (another
 * type, other members, members in another order).  Every key is kept
 * where it stood and written back byte for byte: a known key's record is
 * always filled, leniently (what is missing or of another type reads as
 * unset), and its value as read is kept as JSON beside it only when
 * writing the record would not give the same bytes.
 */
#ifndef TS_DOC_EXT_H
#define TS_DOC_EXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json_object;

/* One key we know under "extensions". */
struct ts_ext_key {
	const char	*name;		/* the member's name */
	size_t		 size;		/* bytes of its typed record */
	/*
	 * Fill the zeroed record rec from the member's value v (NULL for
	 * JSON null), leniently: never fails; a member that is missing or
	 * of another type leaves its field unset.
	 */
	void		 (*read)(struct json_object *v, void *rec);
	/* The value as we write it (a new tree the caller owns). */
	struct json_object *(*write)(const void *rec);
	/* Free what the record owns (not the record itself). */
	void		 (*free)(void *rec);
};

/* One member of "extensions". */
struct ts_ext_entry {
	const struct ts_ext_key	*key;	/* NULL: a key we do not know */
	char			*name;
	void			*rec;	/* key's typed record, or NULL */
	/*
	 * kept: raw, the value as read (NULL for JSON null), is written
	 * back instead of the record: always for an unknown key, and for a
	 * known key whose record would not reproduce it byte for byte.
	 */
	bool			 kept;
	struct json_object	*raw;
};

struct ts_extensions {
	bool			 present;	/* the document has the key */
	/*
	 * Read from a document: members in its order.  Otherwise (a
	 * document we produce) known keys are written in table order
	 * whatever order they were set in.
	 */
	bool			 read;
	struct ts_ext_entry	*v;
	size_t			 n;
	/* The document's "extensions" when it is not an object (no v). */
	struct json_object	*whole;
};

/* Free everything the extensions own and zero them; NULL-safe. */
void	 ts_extensions_free(struct ts_extensions *);
/* The record of key k, or NULL when the extensions do not have it. */
void	*ts_ext_get(const struct ts_extensions *, const struct ts_ext_key *k);
/*
 * The record of key k to fill in: the one there (whose value as read, if
 * kept, is dropped: the record is now what gets written), or a new zeroed
 * one.  Marks the extensions present (an "extensions" read that was not
 * an object is dropped).
 */
void	*ts_ext_set(struct ts_extensions *, const struct ts_ext_key *k);
/*
 * Append a member named name (k NULL: unknown) with a zeroed record for a
 * known key; return it.  The reader's step; ts_ext_set() finds first.
 */
struct ts_ext_entry *ts_ext_append(struct ts_extensions *,
	    const struct ts_ext_key *k, const char *name);

/*
 * For descriptors' read: member key of object o (NULL when o is not an
 * object, or the member is absent or of another type).  The scalar ones
 * return whether they set *out; ts_ext_member_str() a copy or NULL.
 */
struct json_object *ts_ext_member_object(struct json_object *o,
	    const char *key);
struct json_object *ts_ext_member_array(struct json_object *o,
	    const char *key);
char	*ts_ext_member_str(struct json_object *o, const char *key);
bool	 ts_ext_member_bool(struct json_object *o, const char *key,
	    bool *out);
/* A non-negative integer (json-c's uint64 of it). */
bool	 ts_ext_member_u64(struct json_object *o, const char *key,
	    uint64_t *out);
bool	 ts_ext_value_u64(struct json_object *v, uint64_t *out);
/* A number, integer or not. */
bool	 ts_ext_member_f64(struct json_object *o, const char *key,
	    double *out);

/* For descriptors' write: add a member (a NULL string adds nothing). */
void	 ts_ext_put_str(struct json_object *o, const char *key,
	    const char *s);
void	 ts_ext_put_u64(struct json_object *o, const char *key, uint64_t v);
void	 ts_ext_put_f64(struct json_object *o, const char *key, double v);
void	 ts_ext_put_bool(struct json_object *o, const char *key, bool v);

#endif /* TS_DOC_EXT_H */
