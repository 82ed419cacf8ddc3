% KnightThrough: Breakthrough with knight moves (all eight, as in the published model).
% After Shaik & van de Pol, SAT 2023, Listing 15.
#blackactions
:action L1
:parameters (?x, ?y)
:precondition (black(?x,?y) NOT(black(?x+1,?y+2)))
:effect (open(?x,?y) black(?x+1,?y+2))
:action L2
:parameters (?x, ?y)
:precondition (black(?x,?y) NOT(black(?x+1,?y-2)))
:effect (open(?x,?y) black(?x+1,?y-2))
:action L3
:parameters (?x, ?y)
:precondition (black(?x,?y) NOT(black(?x-1,?y+2)))
:effect (open(?x,?y) black(?x-1,?y+2))
:action L4
:parameters (?x, ?y)
:precondition (black(?x,?y) NOT(black(?x-1,?y-2)))
:effect (open(?x,?y) black(?x-1,?y-2))
:action L5
:parameters (?x, ?y)
:precondition (black(?x,?y) NOT(black(?x+2,?y+1)))
:effect (open(?x,?y) black(?x+2,?y+1))
:action L6
:parameters (?x, ?y)
:precondition (black(?x,?y) NOT(black(?x+2,?y-1)))
:effect (open(?x,?y) black(?x+2,?y-1))
:action L7
:parameters (?x, ?y)
:precondition (black(?x,?y) NOT(black(?x-2,?y+1)))
:effect (open(?x,?y) black(?x-2,?y+1))
:action L8
:parameters (?x, ?y)
:precondition (black(?x,?y) NOT(black(?x-2,?y-1)))
:effect (open(?x,?y) black(?x-2,?y-1))
#whiteactions
:action L1
:parameters (?x, ?y)
:precondition (white(?x,?y) NOT(white(?x+1,?y+2)))
:effect (open(?x,?y) white(?x+1,?y+2))
:action L2
:parameters (?x, ?y)
:precondition (white(?x,?y) NOT(white(?x+1,?y-2)))
:effect (open(?x,?y) white(?x+1,?y-2))
:action L3
:parameters (?x, ?y)
:precondition (white(?x,?y) NOT(white(?x-1,?y+2)))
:effect (open(?x,?y) white(?x-1,?y+2))
:action L4
:parameters (?x, ?y)
:precondition (white(?x,?y) NOT(white(?x-1,?y-2)))
:effect (open(?x,?y) white(?x-1,?y-2))
:action L5
:parameters (?x, ?y)
:precondition (white(?x,?y) NOT(white(?x+2,?y+1)))
:effect (open(?x,?y) white(?x+2,?y+1))
:action L6
:parameters (?x, ?y)
:precondition (white(?x,?y) NOT(white(?x+2,?y-1)))
:effect (open(?x,?y) white(?x+2,?y-1))
:action L7
:parameters (?x, ?y)
:precondition (white(?x,?y) NOT(white(?x-2,?y+1)))
:effect (open(?x,?y) white(?x-2,?y+1))
:action L8
:parameters (?x, ?y)
:precondition (white(?x,?y) NOT(white(?x-2,?y-1)))
:effect (open(?x,?y) white(?x-2,?y-1))
