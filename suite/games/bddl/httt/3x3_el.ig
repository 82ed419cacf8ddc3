% Harary's Tic-Tac-Toe, shape el (all rotations and reflections) on 3x3.
% Depth: the critical depth of Shaik & van de Pol, SAT 2023, Table 2(a).
#boardsize
3 3
#init
#depth
5
#blackgoal
black(?x,?y) black(?x-1,?y+1) black(?x,?y+1)
black(?x,?y) black(?x,?y+1) black(?x+1,?y+1)
black(?x,?y) black(?x+1,?y) black(?x,?y+1)
black(?x,?y) black(?x+1,?y) black(?x+1,?y+1)
#whitegoal
white(?x,?y) white(?x-1,?y+1) white(?x,?y+1)
white(?x,?y) white(?x,?y+1) white(?x+1,?y+1)
white(?x,?y) white(?x+1,?y) white(?x,?y+1)
white(?x,?y) white(?x+1,?y) white(?x+1,?y+1)
