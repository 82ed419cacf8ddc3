% Connect-2 on 2x2. Depth: Shaik & van de Pol, SAT 2023, Table 2(c).
#boardsize
2 2
#init
#depth
3
#blackgoal
black(?x,?y) black(?x+1,?y)
black(?x,?y) black(?x,?y+1)
black(?x,?y) black(?x+1,?y+1)
black(?x,?y) black(?x+1,?y-1)
#whitegoal
white(?x,?y) white(?x+1,?y)
white(?x,?y) white(?x,?y+1)
white(?x,?y) white(?x+1,?y+1)
white(?x,?y) white(?x+1,?y-1)
